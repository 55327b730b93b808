// Mistake 11: a view-destination link builds the detail screen, and its loader, for every row
// on every render.
// LINT-EXPECT: destination-link
import SwiftUI

struct Rows: View {
  let names: [String]
  var body: some View {
    List {
      ForEach(names, id: \.self) { name in
        NavigationLink {
          Text(name)
        } label: {
          Text(name)
        }
      }
    }
  }
}
