// The only C that Vouch uses: libgmp's multiple-precision integers.
// VouchCrypto's BigNum file is the one place that calls into it.
#ifndef VOUCH_CGMP_SHIM_H
#define VOUCH_CGMP_SHIM_H
#include <gmp.h>
#endif
