// The SwiftUI layer of AsyncContent. On platforms without SwiftUI (Linux) this module is the
// core alone: every view lives inside `#if canImport(SwiftUI)`.
@_exported public import AsyncContentCore
