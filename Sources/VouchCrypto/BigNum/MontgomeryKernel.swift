import CVouchMontgomery

/// Which limb arithmetic ``MontgomeryModulus`` runs its squarings and multiplications on.
///
/// RSA verification is 17 Montgomery products for e = 65537, and on Debian's generic libgmp
/// (MUL/ADC, one carry chain) most of their time is REDC's `mpn_addmul_1`. On an x86-64 CPU with
/// BMI2 and ADX the C target `CVouchMontgomery` does the same arithmetic with MULX and two carry
/// chains (ADCX, ADOX); everywhere else libgmp's path stays. Both give the same numbers: the
/// tests run each against libgmp's `mpz` functions.
enum MontgomeryKernel: Sendable, Equatable {
    /// `CVouchMontgomery`: MULX/ADCX/ADOX, x86-64 with BMI2 and ADX only.
    case mulxADX
    /// libgmp's `mpn` functions: `mpn_sec_sqr` (with Karatsuba above it), `mpn_sec_mul`, REDC by
    /// `mpn_addmul_1`. Runs everywhere.
    case libgmp

    /// Whether this CPU runs ``mulxADX`` (the C side asks the CPU once and caches the answer).
    static let isMulxADXAvailable = vouch_montgomery_is_available() != 0

    /// The most limbs ``mulxADX`` takes: `VOUCH_MONTGOMERY_MAXIMUM_LIMBS`, 16384 bits,
    /// ``RSALimits/maximumModulusBits``; a larger modulus (none parses today) takes libgmp's path.
    static let maximumMulxADXLimbs = Int(VOUCH_MONTGOMERY_MAXIMUM_LIMBS)

    /// ``mulxADX`` where the CPU has it, else ``libgmp``.
    static let preferred: MontgomeryKernel = isMulxADXAvailable ? .mulxADX : .libgmp
}
