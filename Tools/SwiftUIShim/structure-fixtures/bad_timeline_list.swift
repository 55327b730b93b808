// LINT-EXPECT: timeline-list
// The inspector as it was: the timeline renders the whole list every second.
import SwiftUI

struct Inspector: View {
  let names: [String]

  var body: some View {
    TimelineView(.periodic(from: .now, by: 1)) { _ in
      List {
        ForEach(names, id: \.self) { Text($0) }
      }
    }
  }
}
