import Foundation
import SwiftASN1
import VouchDER
import VouchX509
import X509

/// The fields compared when both parsers accept a certificate, each as a string per side.
enum Comparison {
    static func firstDifference(_ mine: VouchX509.Certificate, _ theirs: X509.Certificate)
        -> (Divergence.Field, String, String)?
    {
        let fields: [(Divergence.Field, () -> String, () -> String)] = [
            (.version, { "\(mine.version)" }, { version(theirs.version) }),
            (.serialNumber, { hex(magnitude(mine.serialNumber)) }, { hex(theirs.serialNumber.bytes) }),
            (.issuer, { hex(mine.issuer.encoded) }, { der(theirs.issuer) }),
            (.subject, { hex(mine.subject.encoded) }, { der(theirs.subject) }),
            (.notBefore, { "\(mine.validity.notBefore.secondsSince1970)" }, { seconds(theirs.notValidBefore) }),
            (.notAfter, { "\(mine.validity.notAfter.secondsSince1970)" }, { seconds(theirs.notValidAfter) }),
            (.publicKey, { hex(mine.subjectPublicKeyInfo.subjectPublicKey.bytes) },
             { hex(theirs.publicKey.subjectPublicKeyInfoBytes) }),
            (.signatureAlgorithm, { mine.signatureAlgorithm.algorithm.dotted }, { SignatureAlgorithms.oid(of: theirs.signatureAlgorithm) }),
            (.subjectAlternativeNames, { Vouch.alternativeNames(mine) }, { Other.alternativeNames(theirs) }),
            (.basicConstraints, { Vouch.basicConstraints(mine) }, { Other.basicConstraints(theirs) }),
            (.keyUsage, { Vouch.keyUsage(mine) }, { Other.keyUsage(theirs) }),
            (.extendedKeyUsage, { Vouch.extendedKeyUsage(mine) }, { Other.extendedKeyUsage(theirs) }),
        ]
        for (field, left, right) in fields {
            let (vouch, other) = (left(), right())
            if vouch != other { return (field, vouch, other) }
        }
        return nil
    }

    /// A serial number's octets without leading zero octets: swift-certificates keeps the
    /// number that way (`normalisingToASN1IntegerForm`: 0 is no octets, a sign octet is dropped),
    /// Vouch keeps the content octets as encoded.
    static func magnitude(_ octets: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        octets.drop { $0 == 0 }
    }

    static func version(_ version: X509.Certificate.Version) -> String {
        switch version {
        case .v1: return "1"
        case .v3: return "3"
        default: return "2"
        }
    }

    static func der<T: DERSerializable>(_ value: T) -> String {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(value)) != nil else { return "unserializable" }
        return hex(serializer.serializedBytes)
    }

    static func seconds(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        return interval == interval.rounded(.down) ? "\(Int64(interval))" : "\(interval)"
    }
}

/// Vouch's extensions as strings: "absent", "error" (present but not decodable) or the value.
enum Vouch {
    static func text<T: CertificateExtension>(_ certificate: VouchX509.Certificate, _ type: T.Type, _ body: (T) -> String) -> String {
        do {
            guard let value = try certificate.extensionValue(type) else { return "absent" }
            return body(value)
        } catch { return "error" }
    }

    static func alternativeNames(_ certificate: VouchX509.Certificate) -> String {
        text(certificate, SubjectAlternativeNames.self) { names in
            (names.names.map(describe) + names.undecodedNames.map { "undecoded\($0.form):\(hex($0.encoded))" }).joined(separator: ",")
        }
    }

    static func describe(_ name: VouchX509.GeneralName) -> String {
        switch name {
        case .otherName(let typeID, _): return "otherName:\(typeID.dotted)"
        case .rfc822Name(let octets): return "rfc822Name:\(String(decoding: octets, as: UTF8.self))"
        case .dnsName(let octets): return "dNSName:\(String(decoding: octets, as: UTF8.self))"
        case .x400Address: return "x400Address"
        case .directoryName(let name): return "directoryName:\(hex(name.encoded))"
        case .ediPartyName: return "ediPartyName"
        case .uniformResourceIdentifier(let octets): return "uri:\(String(decoding: octets, as: UTF8.self))"
        case .ipAddress(let octets): return "iPAddress:\(hex(octets))"
        case .registeredID(let oid): return "registeredID:\(oid.dotted)"
        }
    }

    static func basicConstraints(_ certificate: VouchX509.Certificate) -> String {
        text(certificate, BasicConstraints.self) { constraints in
            constraints.isCertificateAuthority ? "CA pathLen \(constraints.pathLengthConstraint.map(String.init) ?? "none")" : "not CA"
        }
    }

    static func keyUsage(_ certificate: VouchX509.Certificate) -> String {
        text(certificate, KeyUsage.self) { $0.usages.map(\.name).joined(separator: ",") }
    }

    static func extendedKeyUsage(_ certificate: VouchX509.Certificate) -> String {
        text(certificate, ExtendedKeyUsage.self) { $0.purposes.map(\.dotted).joined(separator: ",") }
    }
}

/// swift-certificates' extensions as the same strings.
enum Other {
    static func text<T>(_ read: () throws -> T?, _ body: (T) -> String) -> String {
        do {
            guard let value = try read() else { return "absent" }
            return body(value)
        } catch { return "error" }
    }

    static func alternativeNames(_ certificate: X509.Certificate) -> String {
        text({ try certificate.extensions.subjectAlternativeNames }) { $0.map(describe).joined(separator: ",") }
    }

    static func describe(_ name: X509.GeneralName) -> String {
        switch name {
        case .otherName(let other): return "otherName:\(other.typeID)"
        case .rfc822Name(let text): return "rfc822Name:\(text)"
        case .dnsName(let text): return "dNSName:\(text)"
        case .x400Address: return "x400Address"
        case .directoryName(let name): return "directoryName:\(Comparison.der(name))"
        case .ediPartyName: return "ediPartyName"
        case .uniformResourceIdentifier(let text): return "uri:\(text)"
        case .ipAddress(let octets): return "iPAddress:\(hex(octets.bytes))"
        case .registeredID(let oid): return "registeredID:\(oid)"
        }
    }

    static func basicConstraints(_ certificate: X509.Certificate) -> String {
        text({ try certificate.extensions.basicConstraints }) { constraints in
            switch constraints {
            case .isCertificateAuthority(let length): return "CA pathLen \(length.map(String.init) ?? "none")"
            case .notCertificateAuthority: return "not CA"
            }
        }
    }

    static func keyUsage(_ certificate: X509.Certificate) -> String {
        text({ try certificate.extensions.keyUsage }) { usage in
            let bits: [(Bool, String)] = [
                (usage.digitalSignature, "digitalSignature"), (usage.nonRepudiation, "contentCommitment"),
                (usage.keyEncipherment, "keyEncipherment"), (usage.dataEncipherment, "dataEncipherment"),
                (usage.keyAgreement, "keyAgreement"), (usage.keyCertSign, "keyCertSign"), (usage.cRLSign, "cRLSign"),
                (usage.encipherOnly, "encipherOnly"), (usage.decipherOnly, "decipherOnly"),
            ]
            return bits.filter(\.0).map(\.1).joined(separator: ",")
        }
    }

    static func extendedKeyUsage(_ certificate: X509.Certificate) -> String {
        text({ try certificate.extensions.extendedKeyUsage }) { usages in
            usages.map { ASN1ObjectIdentifier($0).description }.joined(separator: ",")
        }
    }
}
