// Wrong generic constraint: List(data:) needs Identifiable elements.
// EXPECT: requires that 'Item' conform to 'Identifiable'
import SwiftUI

struct Item { let name: String }

struct V: View {
  let items: [Item]
  var body: some View { List(items) { Text($0.name) } }
}
