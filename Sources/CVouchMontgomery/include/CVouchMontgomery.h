// Montgomery multiplication and squaring with MULX and ADCX/ADOX (x86-64 BMI2 + ADX), for
// VouchCrypto's MontgomeryModulus: what RSA verification spends its time in.
//
// Why C: Swift cannot emit MULX/ADCX/ADOX without target flags for the whole module, and
// Debian's generic libgmp runs `mpn_addmul_1` with MUL/ADC (one carry chain, about 1.6 cycles
// per limb product here). These kernels keep two carry chains in flight (CF through ADCX, OF
// through ADOX), as BoringSSL's `bn_mulx4x_mont` does, on a CPU that has them; the caller asks
// `vouch_montgomery_is_available()` first and keeps its libgmp path otherwise.
//
// Not constant-time, and it need not be: RSA verification works on public data only (the
// public modulus, the public exponent, the signature). The branches and loop bounds depend on
// the limb count, never on a limb's value, but the final subtraction does.
//
// Bounds, by contract (the Swift caller checks every size before the call; the C code reads
// and writes nothing else, and loops only up to `count`):
//   - 1 <= count <= VOUCH_MONTGOMERY_MAXIMUM_LIMBS;
//   - modulus: `count` limbs, odd; inverse_negated = -modulus^-1 mod 2^64;
//   - a, b: `count` limbs each, below the modulus;
//   - result: `count` limbs; it may be the same buffer as a or b (both are read in full
//     before the result is written);
//   - scratch: 2 * count limbs, not overlapping any other argument.
// Numbers are little-endian arrays of 64-bit limbs (vouch_limb), as libgmp's mpn functions take them.
#ifndef VOUCH_CVOUCHMONTGOMERY_H
#define VOUCH_CVOUCHMONTGOMERY_H

#include <stddef.h>
#include <stdint.h>

/// A limb: 64 bits, libgmp's mp_limb_t on 64-bit Linux, Swift's UInt (so that Swift passes the
/// buffers it gives libgmp's mpn functions unchanged).
typedef unsigned long vouch_limb;

/// The largest limb count the kernels accept: 16384 bits, RSALimits.maximumModulusBits.
#define VOUCH_MONTGOMERY_MAXIMUM_LIMBS 256

/// 1 when this CPU runs the kernels (x86-64 with BMI2 and ADX), else 0. Asked of the CPU once,
/// then cached; safe to call from any thread.
int vouch_montgomery_is_available(void);

/// result = a * b * 2^(-64 * count) mod modulus, fully reduced (below the modulus).
/// Only when vouch_montgomery_is_available() is 1; see the bounds above.
void vouch_montgomery_multiply(vouch_limb *result, const vouch_limb *a, const vouch_limb *b,
                               const vouch_limb *modulus, vouch_limb inverse_negated, size_t count,
                               vouch_limb *scratch);

/// result = a * a * 2^(-64 * count) mod modulus, fully reduced (below the modulus).
/// Only when vouch_montgomery_is_available() is 1; see the bounds above.
void vouch_montgomery_square(vouch_limb *result, const vouch_limb *a,
                             const vouch_limb *modulus, vouch_limb inverse_negated, size_t count,
                             vouch_limb *scratch);

#endif
