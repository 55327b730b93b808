// README.md's first example, verbatim: `DocSnippetTests.snippetsAreInSync` checks that it is
// here, and `.ci/swiftui-typecheck` type-checks it with the other SwiftUI snippets. Its
// `Country` is the one every snippet of this folder uses.

import AsyncContent
import SwiftUI

struct Country: Identifiable, Hashable, Sendable {
  var id: String
  var name: String
}

struct CountryService: Sendable {  // your web service
  func countries() async throws -> [Country] {
    [Country(id: "AT", name: "Austria"), Country(id: "JP", name: "Japan")]
  }
}

struct CountryListView: View {
  let service = CountryService()

  var body: some View {
    AsyncView(operation: { [service] in try await service.countries() }) { countries in
      List(countries) { Text($0.name) }
    }
  }
}
