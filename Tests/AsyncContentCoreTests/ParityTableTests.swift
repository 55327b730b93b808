import Foundation
import Testing

/// The parity table of "Sharing data across screens": one row for every option and member of
/// TanStack Query v5's `useQuery`, `useInfiniteQuery`, `useMutation` and `QueryClient`, and of
/// SWR 2's `useSWR`, each with our spelling (a code span) or the reason the option has no
/// meaning in SwiftUI ("Not applicable to SwiftUI, because …").
///
/// The lists below are the complete ones, taken from TanStack Query's reference pages
/// (`docs/framework/react/reference/useQuery.md`, `useInfiniteQuery.md`, `useMutation.md`,
/// `docs/reference/QueryClient.md`, with the `fetchQuery` family of the releases before the
/// newer `query` and `infiniteQuery`) and from SWR 2.5's `PublicConfiguration`
/// (`src/_internal/types.ts`) with the parameters and return values of its API page.
@Suite struct ParityTableTests {
  /// The heading of the article's section that holds the tables.
  static let section = "## Every option of TanStack Query and SWR"

  /// What a row says when the option has no spelling here.
  static let reason = "not applicable to swiftui, because "

  /// Every option and member, by API, as the sources list them.
  static let expected: KeyValuePairs<String, [String]> = [
    "useQuery": [
      // Options.
      "queryKey", "queryFn", "gcTime", "enabled", "networkMode", "initialData",
      "initialDataUpdatedAt", "meta", "notifyOnChangeProps", "placeholderData", "queryKeyHashFn",
      "refetchInterval", "refetchIntervalInBackground", "refetchOnMount", "refetchOnReconnect",
      "refetchOnWindowFocus", "retry", "retryOnMount", "retryDelay", "select", "staleTime",
      "structuralSharing", "subscribed", "throwOnError",
      // The second parameter.
      "queryClient",
      // What it returns.
      "data", "dataUpdatedAt", "error", "errorUpdateCount", "errorUpdatedAt", "failureCount",
      "failureReason", "fetchStatus", "isError", "isFetched", "isFetchedAfterMount",
      "isFetching", "isInitialLoading", "isLoading", "isLoadingError", "isPaused", "isPending",
      "isPlaceholderData", "isRefetchError", "isRefetching", "isStale", "isSuccess", "isEnabled",
      "refetch", "status",
    ],
    "useInfiniteQuery": [
      // The options it adds to useQuery's.
      "queryKey", "queryFn", "initialPageParam", "getNextPageParam", "getPreviousPageParam",
      "maxPages",
      // What it adds to useQuery's results.
      "data.pages", "data.pageParams", "isFetchingNextPage", "isFetchingPreviousPage",
      "fetchNextPage", "fetchPreviousPage", "hasNextPage", "hasPreviousPage",
      "isFetchNextPageError", "isFetchPreviousPageError", "isRefetching", "isRefetchError",
    ],
    "useMutation": [
      // Options.
      "mutationFn", "gcTime", "meta", "mutationKey", "networkMode", "onError", "onMutate",
      "onSettled", "onSuccess", "retry", "retryDelay", "scope", "throwOnError",
      // What it returns.
      "data", "error", "isError", "isIdle", "isPending", "isPaused", "isSuccess", "failureCount",
      "failureReason", "mutate", "mutateAsync", "reset", "status", "submittedAt", "variables",
    ],
    "QueryClient": [
      // The initializer's options.
      "queryCache", "mutationCache", "defaultOptions",
      // Methods.
      "query", "infiniteQuery", "fetchQuery", "fetchInfiniteQuery", "prefetchQuery",
      "prefetchInfiniteQuery", "getQueryData", "ensureQueryData", "ensureInfiniteQueryData",
      "getQueriesData", "setQueryData", "getQueryState", "setQueriesData", "invalidateQueries",
      "refetchQueries", "cancelQueries", "removeQueries", "resetQueries", "isFetching",
      "isMutating", "getDefaultOptions", "setDefaultOptions", "getQueryDefaults",
      "setQueryDefaults", "getMutationDefaults", "setMutationDefaults", "getQueryCache",
      "getMutationCache", "clear", "resumePausedMutations",
    ],
    "useSWR": [
      // Parameters.
      "key", "fetcher",
      // Options.
      "suspense", "revalidateIfStale", "revalidateOnMount", "revalidateOnFocus",
      "revalidateOnReconnect", "refreshInterval", "refreshWhenHidden", "refreshWhenOffline",
      "shouldRetryOnError", "dedupingInterval", "focusThrottleInterval", "loadingTimeout",
      "errorRetryInterval", "errorRetryCount", "fallback", "fallbackData",
      "strictServerPrefetchWarning", "keepPreviousData", "onLoadingSlow", "onSuccess", "onError",
      "onErrorRetry", "onDiscarded", "compare", "isPaused", "use", "isOnline", "isVisible",
      // What it returns.
      "data", "error", "isLoading", "isValidating", "mutate",
    ],
  ]

  /// The article's text.
  static func article() throws -> String {
    let url = Repository.root.appendingPathComponent(
      "Sources/AsyncContentCore/AsyncContentCore.docc/SharingDataAcrossScreens.md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// One row of a table: the option's name and what the second column says.
  struct Row: Equatable {
    let option: String
    let cell: String
  }

  /// The rows of the section's tables, by the `###` heading above them.
  static func tables(in article: String) -> [String: [Row]] {
    var tables: [String: [Row]] = [:]
    var inSection = false
    var heading: String?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = line.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("## ") {
        inSection = line == section
        heading = nil
        continue
      }
      guard inSection else { continue }
      if line.hasPrefix("### ") {
        heading = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
        continue
      }
      guard let heading, line.hasPrefix("|") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard let first = cells.first else { continue }
      // The header row and the separator row name no option.
      guard first.hasPrefix("`"), first.hasSuffix("`"), first.count > 2 else { continue }
      let option = String(first.dropFirst().dropLast())
      let cell = cells.dropFirst().first ?? ""
      tables[heading, default: []].append(Row(option: option, cell: cell))
    }
    return tables
  }

  /// What is wrong with `tables`: a missing API or row, a row the lists do not have, a row
  /// twice, or a row with neither a spelling nor a reason.
  static func problems(in tables: [String: [Row]]) -> [String] {
    var problems: [String] = []
    for (api, options) in expected {
      guard let rows = tables[api] else {
        problems.append("no table under \"### \(api)\"")
        continue
      }
      let named = rows.map(\.option)
      for option in options where !named.contains(option) {
        problems.append("\(api): no row for `\(option)`")
      }
      for option in Set(named) where named.count(where: { $0 == option }) > 1 {
        problems.append("\(api): `\(option)` has more than one row")
      }
      for row in rows {
        if !options.contains(row.option) {
          problems.append("\(api): `\(row.option)` is not in the list of \(api)'s options")
        }
        let text = row.cell.lowercased()
        let hasSpelling = row.cell.contains("`")
        let hasReason =
          text.range(of: reason).map { text[$0.upperBound...].count >= 20 } ?? false
        if !hasSpelling && !hasReason {
          problems.append(
            "\(api): the row of `\(row.option)` has neither a spelling nor a reason")
        }
        if text.contains("not built") || text.contains("not yet built") {
          problems.append("\(api): the row of `\(row.option)` says \"not built\"")
        }
      }
    }
    for api in tables.keys where !expected.contains(where: { $0.key == api }) {
      problems.append("a table under \"### \(api)\", which the lists do not have")
    }
    return problems
  }

  @Test func everyOptionHasARowWithASpellingOrAReason() throws {
    let tables = Self.tables(in: try Self.article())
    #expect(!tables.isEmpty, "no section \"\(Self.section)\" in the article")
    let problems = Self.problems(in: tables)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // One row per option: the counts are the lists'.
    for (api, options) in Self.expected {
      #expect(tables[api]?.count == options.count, "\(api)")
    }
  }

  /// The check catches what it is for: a deleted row, a blank cell, a cell that only says the
  /// option is missing, and an option name that is not in the lists.
  @Test func theCheckFindsADeletedRowABlankCellAndAnUnknownOption() throws {
    let article = try Self.article()
    let rows = [
      "| `staleTime` |", "| `clear` |", "| `throwOnError` |", "| `mutate` |",
    ]
    for row in rows { #expect(article.contains(row), "\(row)") }

    func lines(_ transform: (String) -> String?) -> String {
      article.split(separator: "\n", omittingEmptySubsequences: false)
        .compactMap { transform(String($0)) }.joined(separator: "\n")
    }
    // A deleted row.
    let deleted = lines { $0.hasPrefix("| `staleTime` |") ? nil : $0 }
    #expect(Self.problems(in: Self.tables(in: deleted)) == ["useQuery: no row for `staleTime`"])
    // A blank cell.
    let blank = lines { $0.hasPrefix("| `clear` |") ? "| `clear` |  |" : $0 }
    #expect(
      Self.problems(in: Self.tables(in: blank)) == [
        "QueryClient: the row of `clear` has neither a spelling nor a reason"
      ])
    // A reason with no reason after it, and a row that says it is not built.
    let bare = lines {
      $0.hasPrefix("| `throwOnError` |")
        ? "| `throwOnError` | Not applicable to SwiftUI, because |" : $0
    }
    #expect(
      Self.problems(in: Self.tables(in: bare)) == [
        "useQuery: the row of `throwOnError` has neither a spelling nor a reason",
        "useMutation: the row of `throwOnError` has neither a spelling nor a reason",
      ])
    let notBuilt = lines {
      $0.hasPrefix("| `mutate` |") ? "| `mutate` | `mutate`: not built |" : $0
    }
    #expect(
      Self.problems(in: Self.tables(in: notBuilt)) == [
        "useMutation: the row of `mutate` says \"not built\"",
        "useSWR: the row of `mutate` says \"not built\"",
      ])
    // An option the lists do not have.
    let extra = article.replacingOccurrences(
      of: "| `clear` |", with: "| `clearAll` | ``LoaderStore/removeAll()`` |\n| `clear` |")
    #expect(
      Self.problems(in: Self.tables(in: extra)) == [
        "QueryClient: `clearAll` is not in the list of QueryClient's options"
      ])
  }
}
