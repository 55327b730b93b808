// Wrong argument label: redacted(reason:) needs its label.
// EXPECT: missing argument label 'reason:' in call
import SwiftUI

struct V: View {
  var body: some View { Text("x").redacted(.placeholder) }
}
