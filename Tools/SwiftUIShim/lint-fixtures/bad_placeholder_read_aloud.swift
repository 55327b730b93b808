// A placeholder that keeps its structural identity but only looks redacted: VoiceOver reads
// every placeholder row ("Country name", eight times).
// LINT-EXPECT: read-aloud
import SwiftUI

struct Countries: View {
  let names: [String]?
  var body: some View {
    List(names ?? Array(repeating: "Country name", count: 8), id: \.self) { Text($0) }
      .redacted(reason: names == nil ? .placeholder : [])
      .disabled(names == nil)
  }
}
