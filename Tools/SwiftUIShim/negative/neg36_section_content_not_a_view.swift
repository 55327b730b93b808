// Issue 31, finding 5: Section's initializers require Content : View.
// EXPECT: 'Int' conform to 'View'
import SwiftUI

func count() -> Int { 1 }

@MainActor func make() {
  _ = Section(content: count)
}
