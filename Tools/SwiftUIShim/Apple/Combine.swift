// Combine stand-in for the Apple passes of .ci/swiftui-typecheck: a module named `Combine`, so
// that `#if canImport(Combine)` lines (AsyncLoader(publisher:) in the core, the layer's
// publishers) compile as written. It re-exports OpenCombine, which reimplements Apple's Combine
// API with Apple's names; the SwiftUI shim's ObservableObject is OpenCombine's too, so both agree.
// What AsyncLoader+Combine.swift uses (`Publisher`, `sink(receiveCompletion:receiveValue:)`,
// `Subscribers.Completion.finished/.failure`, `AnyCancellable.cancel()`) has the signatures of
// SDK: iPhoneOS18.0.sdk/System/Library/Frameworks/Combine.framework/Modules/Combine.swiftmodule/
// arm64-apple-ios.swiftinterface (iOS 13.0, macOS 10.15: below the package's floor).
@_exported import OpenCombine
