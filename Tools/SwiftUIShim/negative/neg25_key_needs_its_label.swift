// AsyncContent API: a store key is given as `key:`; an unlabelled argument is a loader you own,
// so a key without its label is rejected instead of silently meaning something else.
// EXPECT: initializer 'init(_:placeholder:isEmpty:idle:loading:failure:empty:content:)' requires that 'NameKey' conform to 'LoadableObject'
import AsyncContent
import SwiftUI

struct NameKey: LoaderKey {
  func fetch(using _: Void) async throws -> String { "name" }
}

struct V: View {
  var body: some View {
    AsyncView(NameKey()) { Text($0) }
  }
}
