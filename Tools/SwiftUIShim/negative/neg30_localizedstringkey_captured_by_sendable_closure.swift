// Issue 31, finding 1: a LocalizedStringKey captured by a @Sendable closure is an error on a Mac.
// EXPECT: capture of 'key' with non-Sendable type 'LocalizedStringKey'
import SwiftUI

func run(_ work: @escaping @Sendable () -> Void) {}

func announce() {
  let key: LocalizedStringKey = "Loaded"
  run { _ = key }
}
