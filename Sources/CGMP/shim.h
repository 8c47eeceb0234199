// libgmp's multiple-precision integers (Vouch's other C is its MULX/ADX Montgomery kernel, CVouchMontgomery).
// VouchCrypto's BigNum file is the one place that calls into it.
#ifndef VOUCH_CGMP_SHIM_H
#define VOUCH_CGMP_SHIM_H
#include <gmp.h>
#endif
