import Dispatch

/// `SecTrustWithErrorCallback`: what ``SecTrustEvaluateAsyncWithError(_:_:_:)`` calls with the
/// trust, whether it is trusted, and the error `SecTrustEvaluateWithError` would report.
public typealias SecTrustWithErrorCallback = @Sendable (SecTrust, Bool, SecError?) -> Void

/// `SecTrustCallback`: what ``SecTrustEvaluateAsync(_:_:_:)`` calls with the trust and its result.
public typealias SecTrustCallback = @Sendable (SecTrust, SecTrustResultType) -> Void

/// `SecTrustEvaluateAsyncWithError`: evaluates `trust` away from the caller's thread (fetching
/// what it lacks, which may take seconds: SECTRUST.md §16) and calls `result` on `queue` with
/// what ``SecTrustEvaluateWithError(_:_:)`` returns. Always `errSecSuccess`.
///
/// Apple asks that it be called from `queue`; the facade does not depend on it. Evaluations of
/// one trust are serialized by its lock, so two asynchronous evaluations of the same trust give
/// the same answer, the second from the first's cached result.
@discardableResult
public func SecTrustEvaluateAsyncWithError(_ trust: SecTrust, _ queue: DispatchQueue, _ result: @escaping SecTrustWithErrorCallback) -> OSStatus {
    DispatchQueue.global().async {
        var error: SecError? = nil
        let trusted = SecTrustEvaluateWithError(trust, &error)
        let reported = error
        queue.async { result(trust, trusted, reported) }
    }
    return errSecSuccess
}

/// `SecTrustEvaluateAsync` (deprecated by Apple): evaluates `trust` away from the caller's thread
/// and calls `result` on `queue` (a global queue when `nil`)
/// with the `SecTrustResultType` ``SecTrustEvaluate(_:_:)`` writes. Always `errSecSuccess`.
@discardableResult
public func SecTrustEvaluateAsync(_ trust: SecTrust, _ queue: DispatchQueue?, _ result: @escaping SecTrustCallback) -> OSStatus {
    DispatchQueue.global().async {
        let outcome = trust.evaluation.result
        (queue ?? DispatchQueue.global()).async { result(trust, outcome) }
    }
    return errSecSuccess
}
