import VouchDER

/// An OCSP response (RFC 6960 §4.2.1), parsed strictly; fields are views into the input.
///
/// `OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL }`,
/// `ResponseBytes ::= SEQUENCE { responseType OBJECT IDENTIFIER, response OCTET STRING }`. A
/// successful response carries its bytes, any other status none. The one response type RFC 6960
/// defines, id-pkix-ocsp-basic, is decoded into ``basic``; another type is kept as octets. Nothing
/// is verified here: the trust engine decides whether a response applies and who signed it.
public struct OCSPResponse: Sendable {
    /// OCSPResponseStatus (RFC 6960 §4.2.1).
    public enum Status: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// 0: the response has valid confirmations.
        case successful = 0
        /// 1: the request was not understood.
        case malformedRequest = 1
        /// 2: the responder failed internally.
        case internalError = 2
        /// 3: try again later.
        case tryLater = 3
        /// 5: the request must be signed.
        case signatureRequired = 5
        /// 6: the client may not ask this responder.
        case unauthorized = 6

        /// RFC 6960's name (`successful`, `tryLater`, …; `sigRequired` for 5), spelled out so that
        /// it survives builds without reflection metadata (the static binary).
        public var description: String {
            switch self {
            case .successful: return "successful"
            case .malformedRequest: return "malformedRequest"
            case .internalError: return "internalError"
            case .tryLater: return "tryLater"
            case .signatureRequired: return "sigRequired"
            case .unauthorized: return "unauthorized"
            }
        }
    }

    /// The response's DER.
    public let derEncoded: ArraySlice<UInt8>
    /// responseStatus.
    public let status: Status
    /// responseType, when the response carries bytes.
    public let responseType: OID?
    /// The `response` OCTET STRING's content, when the response carries bytes.
    public let responseOctets: ArraySlice<UInt8>?
    /// The BasicOCSPResponse, when responseType is id-pkix-ocsp-basic.
    public let basic: BasicOCSPResponse?

    /// Parses an OCSP response that is exactly `bytes`.
    ///
    /// - Throws: ``X509Error`` naming the field, the byte offset and what was wrong.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        var input = DERReader(bytes)
        // Bytes after the response are not read: Apple's parser (libDER's DERParseSequence) reads
        // the first element and leaves the rest, and real responders append stray octets
        // (Apple's CT-sourced corpus has responses ending in a 00 it parses).
        let outer = try reading(.ocspResponse) { () throws(DERError) in try input.readElement(.sequence) }
        var fields = try reading(.ocspResponse) { () throws(DERError) in try input.reader(overContentOf: outer) }
        let statusOffset = fields.offset
        let value = try reading(.ocspResponse) { () throws(DERError) in try fields.readInteger(as: Int.self, .enumerated) }
        guard let status = Status(rawValue: value) else {
            throw X509Error(.unknownOCSPResponseStatus(value), in: .ocspResponse, at: statusOffset)
        }
        let wrapper = try reading(.responseBytes) { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(0, constructed: true))
        }
        try reading(.ocspResponse) { () throws(DERError) in try fields.finish() }
        guard (wrapper != nil) == (status == .successful) else {
            throw X509Error(.ocspResponseBytesMismatch, in: .responseBytes, at: wrapper?.offset ?? statusOffset)
        }
        if let wrapper {
            let (type, octets) = try reading(.responseBytes) { () throws(DERError) in
                var explicit = try input.reader(overContentOf: wrapper)
                let result = try explicit.nested(.sequence) { (inner) throws(DERError) in
                    (try inner.readOID(), try inner.readOctetString())
                }
                try explicit.finish()
                return result
            }
            responseType = type
            responseOctets = octets
            // Apple refuses any other response type (`SecOCSPResponseBytesParse`); RFC 6960
            // defines no other.
            guard type == .ocspBasic else { throw X509Error(.unsupportedOCSPResponseType(type), in: .responseBytes, at: wrapper.offset) }
            basic = try BasicOCSPResponse(derEncoded: octets)
        } else {
            responseType = nil
            responseOctets = nil
            basic = nil
        }
        self.status = status
        derEncoded = outer.encoded
    }

    /// Parses an OCSP response that is exactly `bytes` (offsets in errors count from 0).
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }
}

/// BasicOCSPResponse (RFC 6960 §4.2.1): the signed response data, the signature, and the
/// certificates that help verify it.
///
/// `ResponseData ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, responderID ResponderID,
/// producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse, responseExtensions [1]
/// EXPLICIT Extensions OPTIONAL }`.
public struct BasicOCSPResponse: Sendable {
    /// The BasicOCSPResponse's DER.
    public let derEncoded: ArraySlice<UInt8>
    /// The ResponseData DER: the bytes the signature covers.
    public let tbsResponseDataBytes: ArraySlice<UInt8>
    /// 1 (v1, the only version).
    public let version: Int
    /// Who signed.
    public let responderID: OCSPResponderID
    /// When the response was signed.
    public let producedAt: DERTime
    /// One answer per certificate asked about.
    public let responses: [OCSPSingleResponse]
    /// responseExtensions (empty when absent); the nonce is ``nonce``.
    public let extensions: Extensions
    /// The signature algorithm.
    public let signatureAlgorithm: AlgorithmIdentifier
    /// The signature value.
    public let signature: DERBitString
    /// `certs`: certificates to help verify the signature (a delegated responder's, usually).
    public let certificates: [Certificate]

    /// The id-pkix-ocsp-nonce extension's value (RFC 6960 §4.4.1; RFC 8954), when present.
    public var nonce: ArraySlice<UInt8>? { extensions[.ocspNonce]?.value }

    /// Parses a BasicOCSPResponse that is exactly `bytes` (the `response` OCTET STRING's content).
    ///
    /// - Throws: ``X509Error`` naming the field, the byte offset and what was wrong.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        var input = DERReader(bytes)
        let outer = try reading(.basicOCSPResponse) { () throws(DERError) in try input.readElement(.sequence) }
        try reading(.basicOCSPResponse) { () throws(DERError) in try input.finish() }
        var list = try reading(.basicOCSPResponse) { () throws(DERError) in try input.reader(overContentOf: outer) }
        let tbs = try reading(.responseData) { () throws(DERError) in try list.readElement(.sequence) }
        var fields = try reading(.responseData) { () throws(DERError) in try list.reader(overContentOf: tbs) }

        // version [0] EXPLICIT Version DEFAULT v1: only v1 exists. DER leaves the DEFAULT out, but
        // Apple (`SecOCSPResponseDataParse`) accepts it written out as 0, as real responders write
        // it; any other value is refused.
        if let explicit = try reading(.responseData, { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(0, constructed: true))
        }) {
            let value = try reading(.responseData) { () throws(DERError) in
                var inner = try fields.reader(overContentOf: explicit)
                let value = try inner.readInteger(as: Int.self, .integer)
                try inner.finish()
                return value
            }
            guard value == 0 else { throw X509Error(.unsupportedVersion, in: .responseData, at: explicit.offset) }
        }
        version = 1
        responderID = try OCSPResponderID(reading: &fields)
        producedAt = try reading(.producedAt) { () throws(DERError) in
            try DERTime(fields.readElement(.generalizedTime), form: .generalizedTime)
        }
        var list2 = try reading(.responseData) { () throws(DERError) in
            let sequence = try fields.readElement(.sequence)
            return try fields.reader(overContentOf: sequence)
        }
        var responses: [OCSPSingleResponse] = []
        while !list2.isAtEnd {
            guard responses.count < X509Limits.maximumOCSPSingleResponses else {
                throw X509Error(.tooManyElements(maximum: X509Limits.maximumOCSPSingleResponses), in: .singleResponse, at: list2.offset)
            }
            responses.append(try OCSPSingleResponse(reading: &list2))
        }
        self.responses = responses
        if let wrapper = try reading(.responseExtensions, { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(1, constructed: true))
        }) {
            var inner = try reading(.responseExtensions) { () throws(DERError) in try fields.reader(overContentOf: wrapper) }
            extensions = try Extensions(
                crlList: &inner, field: .responseExtensions, known: [:], allowsEmpty: true,
                maximumCount: X509Limits.maximumOCSPExtensions)
            try reading(.responseExtensions) { () throws(DERError) in try inner.finish() }
        } else {
            extensions = Extensions()
        }
        try reading(.responseData) { () throws(DERError) in try fields.finish() }

        signatureAlgorithm = try reading(.signatureAlgorithm) { () throws(DERError) in try AlgorithmIdentifier(reading: &list) }
        signature = try reading(.signatureValue) { () throws(DERError) in try list.readBitString() }
        var certificates: [Certificate] = []
        if let wrapper = try reading(.ocspCertificates, { () throws(DERError) in
            try list.readOptionalElement(.contextSpecific(0, constructed: true))
        }) {
            var explicit = try reading(.ocspCertificates) { () throws(DERError) in try list.reader(overContentOf: wrapper) }
            var sequence = try reading(.ocspCertificates) { () throws(DERError) in
                let element = try explicit.readElement(.sequence)
                try explicit.finish()
                return try explicit.reader(overContentOf: element)
            }
            while !sequence.isAtEnd {
                guard certificates.count < X509Limits.maximumOCSPResponseCertificates else {
                    throw X509Error(
                        .tooManyElements(maximum: X509Limits.maximumOCSPResponseCertificates), in: .ocspCertificates,
                        at: sequence.offset)
                }
                let element = try reading(.ocspCertificates) { () throws(DERError) in try sequence.readElement(.sequence) }
                certificates.append(try Certificate(derEncoded: element.encoded))
            }
        }
        self.certificates = certificates
        try reading(.basicOCSPResponse) { () throws(DERError) in try list.finish() }
        derEncoded = outer.encoded
        tbsResponseDataBytes = tbs.encoded
    }
}

/// ResponderID (RFC 6960 §4.2.1): `CHOICE { byName [1] Name, byKey [2] KeyHash }`, KeyHash being
/// the SHA-1 of the responder's public key (the BIT STRING's value, without tag, length and
/// unused-bits octet).
public enum OCSPResponderID: Sendable {
    /// The responder's subject name.
    case byName(DistinguishedName)
    /// The SHA-1 of the responder's public key.
    case byKeyHash(ArraySlice<UInt8>)

    init(reading reader: inout DERReader) throws(X509Error) {
        self = try reading(.responderID) { () throws(DERError) in
            if let name = try reader.readOptionalElement(.contextSpecific(1, constructed: true)) {
                var inner = try reader.reader(overContentOf: name)
                let value = try DistinguishedName(reading: &inner)
                try inner.finish()
                return .byName(value)
            }
            let key = try reader.readElement(.contextSpecific(2, constructed: true))
            var inner = try reader.reader(overContentOf: key)
            let hash = try inner.readOctetString()
            try inner.finish()
            return .byKeyHash(hash)
        }
    }
}

/// CertID (RFC 6960 §4.1.1): which certificate an answer is about.
public struct OCSPCertID: Sendable {
    /// The hash algorithm of the two hashes.
    public let hashAlgorithm: AlgorithmIdentifier
    /// The hash of the issuer's DER-encoded Name.
    public let issuerNameHash: ArraySlice<UInt8>
    /// The hash of the issuer's public key (the subjectPublicKey BIT STRING's value).
    public let issuerKeyHash: ArraySlice<UInt8>
    /// The certificate's serial number (content octets, as written).
    public let serialNumber: ArraySlice<UInt8>

    init(reading reader: inout DERReader) throws(X509Error) {
        (hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber) = try reading(.certID) { () throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                (try AlgorithmIdentifier(reading: &inner), try inner.readOctetString(), try inner.readOctetString(),
                 try inner.readElement(.integer).content)
            }
        }
    }
}

/// CertStatus (RFC 6960 §4.2.1): `CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo,
/// unknown [2] IMPLICIT UnknownInfo }`.
public enum OCSPCertStatus: Sendable, Equatable {
    /// Not revoked (as far as the responder knows).
    case good
    /// Revoked at `time`, for `reason` when given.
    case revoked(time: DERTime, reason: CRLReason?)
    /// The responder does not know the certificate.
    case unknown
}

/// SingleResponse (RFC 6960 §4.2.1): one certificate's status.
public struct OCSPSingleResponse: Sendable {
    /// The certificate asked about.
    public let certID: OCSPCertID
    /// Its status.
    public let status: OCSPCertStatus
    /// When the status was known to be correct.
    public let thisUpdate: DERTime
    /// When newer information will be available, if said.
    public let nextUpdate: DERTime?
    /// singleExtensions (empty when absent).
    public let extensions: Extensions

    init(reading reader: inout DERReader) throws(X509Error) {
        let element = try reading(.singleResponse) { () throws(DERError) in try reader.readElement(.sequence) }
        var fields = try reading(.singleResponse) { () throws(DERError) in try reader.reader(overContentOf: element) }
        certID = try OCSPCertID(reading: &fields)
        status = try reading(.certStatus) { () throws(DERError) in
            if let good = try fields.readOptionalElement(.contextSpecific(0, constructed: false)) {
                guard good.length == 0 else { throw DERError(.trailingData, at: good.contentOffset) }
                return .good
            }
            if let unknown = try fields.readOptionalElement(.contextSpecific(2, constructed: false)) {
                guard unknown.length == 0 else { throw DERError(.trailingData, at: unknown.contentOffset) }
                return .unknown
            }
            let revoked = try fields.readElement(.contextSpecific(1, constructed: true))
            var info = try fields.reader(overContentOf: revoked)
            let time = try DERTime(info.readElement(.generalizedTime), form: .generalizedTime)
            var reason: CRLReason? = nil
            if let wrapper = try info.readOptionalElement(.contextSpecific(0, constructed: true)) {
                reason = try CRLReason(extensionValue: wrapper.content)
            }
            try info.finish()
            return .revoked(time: time, reason: reason)
        }
        thisUpdate = try reading(.thisUpdate) { () throws(DERError) in
            try DERTime(fields.readElement(.generalizedTime), form: .generalizedTime)
        }
        nextUpdate = try reading(.nextUpdate) { () throws(DERError) in
            guard let wrapper = try fields.readOptionalElement(.contextSpecific(0, constructed: true)) else { return nil }
            var inner = try fields.reader(overContentOf: wrapper)
            let time = try DERTime(inner.readElement(.generalizedTime), form: .generalizedTime)
            try inner.finish()
            return time
        }
        if let wrapper = try reading(.singleExtensions, { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(1, constructed: true))
        }) {
            var inner = try reading(.singleExtensions) { () throws(DERError) in try fields.reader(overContentOf: wrapper) }
            extensions = try Extensions(
                crlList: &inner, field: .singleExtensions, known: [:], allowsEmpty: true,
                maximumCount: X509Limits.maximumOCSPExtensions)
            try reading(.singleExtensions) { () throws(DERError) in try inner.finish() }
        } else {
            extensions = Extensions()
        }
        try reading(.singleResponse) { () throws(DERError) in try fields.finish() }
    }
}
