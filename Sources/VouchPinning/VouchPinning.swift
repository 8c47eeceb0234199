// VouchPinning: AFSecurityPolicy semantics, the server-trust challenge flow and sha256/ pin sets.
//
// The module is laid out and builds; its types arrive with their issue (see the README's roadmap).
