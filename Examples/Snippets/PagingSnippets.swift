// More SwiftUI snippets of the DocC articles, verbatim, beside those of DocSnippets.swift: the
// ones the 1.0 API brought. `.ci/swiftui-typecheck` type-checks this file with the others of this
// folder, and `DocSnippetTests.snippetsAreInSync` finds the articles' blocks here.

import AsyncContent
import Foundation
import SwiftUI

// MARK: - Paging.md

struct RegionFeed: View {
  let region: String

  var body: some View {
    PagingList(id: region) { [region] (offset: Int?) in
      let start = offset ?? 0
      let countries = try await api.countries(region: region, offset: start, limit: 25)
      return Page(items: countries, nextCursor: countries.count < 25 ? nil : start + 25)
    } row: { country in
      Text(country.name)
    }
  }
}

struct CountryGrid: View {
  @State private var countries = PagedLoader<Country, Int>.offset(pageSize: 24) { offset, limit in
    try await api.countries(offset: offset, limit: limit)
  }

  var body: some View {
    ScrollView {
      LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
        PagingSection(countries) { country in
          Text(country.name)
        }
      }
    }
    .refreshable { await countries.reload() }
  }
}
