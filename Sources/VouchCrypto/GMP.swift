import CGMP

/// The version of the libgmp that Vouch's big-number arithmetic runs on, e.g. `6.2.1`.
public let gmpVersion: String = String(cString: __gmp_version)
