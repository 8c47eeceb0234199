/// What a ``SecurityPolicy`` pins (AFNetworking's `AFSSLPinningMode`, AFSECURITYPOLICY.md §1).
///
/// The cases are in AFNetworking's numeric order (None 0, PublicKey 1, Certificate 2), which the
/// policy's `Codable` form relies on.
public enum PinningMode: String, Sendable, CaseIterable {
    /// No pinning: the chain only has to evaluate (`AFSSLPinningModeNone`).
    case none
    /// Some certificate of the built chain must carry a pinned certificate's public key
    /// (`AFSSLPinningModePublicKey`).
    case publicKey
    /// The pinned certificates become the only anchors and the built chain must contain one of them
    /// (`AFSSLPinningModeCertificate`).
    case certificate
}
