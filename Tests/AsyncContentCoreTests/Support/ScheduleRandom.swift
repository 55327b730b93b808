import Foundation

/// A number from the environment variable `name`, decimal or `0x` hexadecimal: the seed or the
/// schedule count of a randomized suite.
func environmentNumber(_ name: String) -> UInt64? {
  guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
  if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
  return UInt64(text)
}

/// SplitMix64: small, fast and the same on every platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64, index: Int) {
    state = seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next(upperBound: UInt64(bound)))
  }

  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }
}
