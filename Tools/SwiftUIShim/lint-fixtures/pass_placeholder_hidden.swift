// Positive control for `read-aloud`: a placeholder hidden from VoiceOver in its own chain, one
// hidden by a modifier type that does it, and a redaction that is not a placeholder.
// LINT-EXPECT-PASS
import SwiftUI

struct Countries: View {
  let names: [String]?
  var body: some View {
    List(names ?? Array(repeating: "Country name", count: 8), id: \.self) { Text($0) }
      .redacted(reason: names == nil ? .placeholder : [])
      .accessibilityHidden(names == nil)
  }
}

struct HiddenWhileLoading: ViewModifier {
  let isLoading: Bool
  func body(content: Content) -> some View {
    content.accessibilityHidden(isLoading)
  }
}

struct Detail: View {
  let name: String?
  var body: some View {
    Text(name ?? "Country name")
      .redacted(reason: name == nil ? .placeholder : [])
      .modifier(HiddenWhileLoading(isLoading: name == nil))
  }
}

struct Secret: View {
  let pin: String
  var body: some View {
    Text(pin).redacted(reason: .privacy)
  }
}
