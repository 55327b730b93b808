// Issue 31, finding 1: Apple's interface makes LocalizedStringKey's Sendable conformance
// unavailable, so a Sendable struct cannot store one (the documentation page says Sendable).
// EXPECT: has non-Sendable type 'LocalizedStringKey'
import SwiftUI

struct Row: Sendable {
  let title: LocalizedStringKey
}
