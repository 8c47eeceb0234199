// VouchX509: the certificate model: Certificate, Name, Validity, SubjectPublicKeyInfo, extensions. Built on VouchDER.
//
// The module is laid out and builds; its types arrive with their issue (see the README's roadmap).
