// Issue 31, finding 3: Spacer's initializer is @MainActor @preconcurrency in the SDK; made in
// nonisolated code it is a warning on a Mac, an error under warnings-as-errors.
// EXPECT: main actor-isolated initializer 'init(minLength:)'
import SwiftUI

nonisolated func gap() -> Spacer {
  Spacer(minLength: 8)
}
