// VouchTrust: anchors, the system trust store, the path builder and SecTrust-compatible evaluation.
//
// The module is laid out and builds; its types arrive with their issue (see the README's roadmap).
