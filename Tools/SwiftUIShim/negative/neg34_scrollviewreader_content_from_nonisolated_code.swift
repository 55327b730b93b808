// Issue 31, finding 3: ScrollViewReader.content is @MainActor @preconcurrency in the SDK.
// EXPECT: main actor-isolated property 'content'
import SwiftUI

nonisolated func body(of reader: ScrollViewReader<Text>) -> (ScrollViewProxy) -> Text {
  reader.content
}
