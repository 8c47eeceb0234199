// Montgomery multiplication and squaring with MULX/ADCX/ADOX: see include/CVouchMontgomery.h for
// the contract (sizes, aliasing, why not constant-time).
//
// Separated operand scanning (Koç, Acar, Kaliski 1996, "SOS"): the full product first, then
// REDC row by row, as libgmp's redc_1 does. Everything is one kernel, `add_row`:
// t[0..len) += a[0..len) * b, returning the carry limb, with the low halves of the products
// added through CF (ADCX) and the high halves through OF (ADOX), so that the two carry chains
// run side by side. A product is `count` rows of it; a square is the rows above the diagonal
// (half as many limb products), doubled, plus the diagonal; REDC is `count` rows by the
// modulus, each clearing one limb, whose carries are parked in the cleared limbs and added in
// one pass at the end.
#include "CVouchMontgomery.h"

#if defined(__x86_64__)

_Static_assert(sizeof(vouch_limb) == 8, "a limb is 64 bits");

#define VOUCH_MULX_ADX __attribute__((target("bmi2,adx")))

/// t[0..len) += a[0..len) * b; returns the limb that carries out. len >= 1.
///
/// The first len % 8 limbs go one at a time, the rest eight at a time. Loop control uses LEA,
/// JRCXZ and JMP, which leave CF and OF alone, so both chains survive from limb to limb; each
/// loop is entered at its test (JRCXZ reaches only 127 bytes, so it jumps forward over one JMP).
static VOUCH_MULX_ADX uint64_t add_row(vouch_limb *t, const vouch_limb *a, size_t len, uint64_t b) {
    uint64_t low, high = 0, nextHigh, zero;
    size_t single = len & 7, blocks = len >> 3;
    __asm__ volatile(
        "xorl %k[zero], %k[zero]\n\t"  // zero = 0, CF = OF = 0
        "movq %[single], %%rcx\n\t"
        "jmp 5f\n"
        "1:\n\t"
        "mulxq (%[a]), %[low], %[nextHigh]\n\t"
        "adcxq (%[t]), %[low]\n\t"
        "adoxq %[high], %[low]\n\t"
        "movq %[low], (%[t])\n\t"
        "movq %[nextHigh], %[high]\n\t"
        "leaq 8(%[a]), %[a]\n\t"
        "leaq 8(%[t]), %[t]\n\t"
        "leaq -1(%%rcx), %%rcx\n"
        "5:\n\t"
        "jrcxz 2f\n\t"
        "jmp 1b\n"
        "2:\n\t"
        "movq %[blocks], %%rcx\n\t"
        "jmp 6f\n"
        "3:\n\t"
#define VOUCH_STEP(offset, previous, next)             \
        "mulxq " #offset "(%[a]), %[low], %[" #next "]\n\t" \
        "adcxq " #offset "(%[t]), %[low]\n\t"          \
        "adoxq %[" #previous "], %[low]\n\t"            \
        "movq %[low], " #offset "(%[t])\n\t"
        VOUCH_STEP(0, high, nextHigh)
        VOUCH_STEP(8, nextHigh, high)
        VOUCH_STEP(16, high, nextHigh)
        VOUCH_STEP(24, nextHigh, high)
        VOUCH_STEP(32, high, nextHigh)
        VOUCH_STEP(40, nextHigh, high)
        VOUCH_STEP(48, high, nextHigh)
        VOUCH_STEP(56, nextHigh, high)
#undef VOUCH_STEP
        "leaq 64(%[a]), %[a]\n\t"
        "leaq 64(%[t]), %[t]\n\t"
        "leaq -1(%%rcx), %%rcx\n"
        "6:\n\t"
        "jrcxz 4f\n\t"
        "jmp 3b\n"
        "4:\n\t"
        // The carry out: the last high half plus both chains' last carries. It fits one limb:
        // t + a * b < 2^(64 * (len + 1)).
        "adcxq %[zero], %[high]\n\t"
        "adoxq %[zero], %[high]\n\t"
        : [t] "+r"(t), [a] "+r"(a), [high] "+r"(high), [low] "=&r"(low), [nextHigh] "=&r"(nextHigh),
          [zero] "=&r"(zero)
        : [single] "r"(single), [blocks] "r"(blocks), "d"(b)
        : "rcx", "cc", "memory");
    return high;
}

/// result = x + y (count limbs each); returns the carry.
static uint64_t add_limbs(vouch_limb *result, const vouch_limb *x, const vouch_limb *y, size_t count) {
    unsigned char carry = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned long long sum;
        carry = __builtin_ia32_addcarryx_u64(carry, x[i], y[i], &sum);
        result[i] = sum;
    }
    return carry;
}

/// x -= y in place (count limbs each); returns the borrow.
static uint64_t subtract_limbs(vouch_limb *x, const vouch_limb *y, size_t count) {
    unsigned char borrow = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned long long difference;
        borrow = __builtin_ia32_subborrow_u64(borrow, x[i], y[i], &difference);
        x[i] = difference;
    }
    return borrow;
}

/// 1 when x >= y (count limbs each).
static int is_at_least(const vouch_limb *x, const vouch_limb *y, size_t count) {
    for (size_t i = count; i > 0; i--) {
        if (x[i - 1] != y[i - 1]) return x[i - 1] > y[i - 1];
    }
    return 1;
}

/// REDC: t (2 * count limbs, below modulus * 2^(64 * count)) times 2^(-64 * count) mod modulus
/// into result, fully reduced. Clobbers t.
static VOUCH_MULX_ADX void reduce(vouch_limb *result, vouch_limb *t, const vouch_limb *modulus,
                                  vouch_limb inverse_negated, size_t count) {
    for (size_t i = 0; i < count; i++) {
        // Adding m * n at limb i clears it; the carry belongs at limb i + count and waits in
        // the cleared limb until the final addition.
        uint64_t m = t[i] * inverse_negated;
        t[i] = add_row(t + i, modulus, count, m);
    }
    // (t + m * n) / 2^(64 * count) < 2 * modulus: one subtraction at most.
    uint64_t carry = add_limbs(result, t + count, t, count);
    if (carry != 0 || is_at_least(result, modulus, count)) {
        subtract_limbs(result, modulus, count);
    }
}

static int cpu_has_mulx_adx(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx");
}

int vouch_montgomery_is_available(void) {
    // -1 unknown, else the answer; racing first callers store the same value.
    static volatile int cached = -1;
    int answer = cached;
    if (answer < 0) {
        answer = cpu_has_mulx_adx();
        cached = answer;
    }
    return answer;
}

VOUCH_MULX_ADX void vouch_montgomery_multiply(vouch_limb *result, const vouch_limb *a, const vouch_limb *b,
                                              const vouch_limb *modulus, vouch_limb inverse_negated,
                                              size_t count, vouch_limb *scratch) {
    if (count == 0 || count > VOUCH_MONTGOMERY_MAXIMUM_LIMBS) return;
    for (size_t i = 0; i < count; i++) scratch[i] = 0;
    for (size_t i = 0; i < count; i++) {
        scratch[i + count] = add_row(scratch + i, a, count, b[i]);
    }
    reduce(result, scratch, modulus, inverse_negated, count);
}

VOUCH_MULX_ADX void vouch_montgomery_square(vouch_limb *result, const vouch_limb *a,
                                            const vouch_limb *modulus, vouch_limb inverse_negated,
                                            size_t count, vouch_limb *scratch) {
    if (count == 0 || count > VOUCH_MONTGOMERY_MAXIMUM_LIMBS) return;
    // The products above the diagonal: row i adds a[i] * a[i+1..count) at limb 2i + 1.
    for (size_t i = 0; i < 2 * count; i++) scratch[i] = 0;
    for (size_t i = 0; i + 1 < count; i++) {
        scratch[i + count] = add_row(scratch + 2 * i + 1, a + i + 1, count - 1 - i, a[i]);
    }
    // Doubled, plus the squares on the diagonal; a^2 < 2^(128 * count), nothing carries out.
    unsigned char carry = 0;
    uint64_t shiftedOut = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned __int128 square = (unsigned __int128)a[i] * a[i];
        uint64_t low = scratch[2 * i], high = scratch[2 * i + 1];
        uint64_t doubledLow = low << 1 | shiftedOut;
        uint64_t doubledHigh = high << 1 | low >> 63;
        shiftedOut = high >> 63;
        unsigned long long sum;
        carry = __builtin_ia32_addcarryx_u64(carry, doubledLow, (uint64_t)square, &sum);
        scratch[2 * i] = sum;
        carry = __builtin_ia32_addcarryx_u64(carry, doubledHigh, (uint64_t)(square >> 64), &sum);
        scratch[2 * i + 1] = sum;
    }
    reduce(result, scratch, modulus, inverse_negated, count);
}

#else  // not x86-64: no kernels; the caller keeps its libgmp path.

int vouch_montgomery_is_available(void) { return 0; }

void vouch_montgomery_multiply(vouch_limb *result, const vouch_limb *a, const vouch_limb *b,
                               const vouch_limb *modulus, vouch_limb inverse_negated, size_t count,
                               vouch_limb *scratch) {
    (void)result; (void)a; (void)b; (void)modulus; (void)inverse_negated; (void)count; (void)scratch;
}

void vouch_montgomery_square(vouch_limb *result, const vouch_limb *a,
                             const vouch_limb *modulus, vouch_limb inverse_negated, size_t count,
                             vouch_limb *scratch) {
    (void)result; (void)a; (void)modulus; (void)inverse_negated; (void)count; (void)scratch;
}

#endif
