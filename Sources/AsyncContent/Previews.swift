#if canImport(SwiftUI) && DEBUG
internal import AsyncContentCore
internal import Foundation
internal import SwiftUI

private struct PreviewError: LocalizedError {
  var errorDescription: String? { "The server could not be reached." }
}

private let previewCountries = ["Austria", "Brazil", "Chile", "Denmark"]

/// Static previews: one per phase, and the paged list's footers.
struct AsyncViewPhase_Previews: PreviewProvider {
  static var previews: some View {
    Group {
      AsyncView(
        phase: LoadPhase<[String], any Error>.idle, reload: {}
      ) { Text($0.joined()) }
      AsyncView(
        phase: LoadPhase<[String], any Error>.loading, reload: {}
      ) { Text($0.joined()) }
      AsyncView(
        phase: LoadPhase<[String], any Error>.loading, placeholder: ["Placeholder", "Rows"],
        reload: {}
      ) { countries in
        CountryColumn(countries: countries)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.loaded(previewCountries), reload: {}
      ) {
        CountryColumn(countries: $0)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.reloading(previewCountries), reload: {}
      ) {
        CountryColumn(countries: $0)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.reloadFailed(previewCountries, PreviewError()),
        reload: {}
      ) {
        CountryColumn(countries: $0)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.failed(PreviewError()), reload: {}
      ) {
        CountryColumn(countries: $0)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.retrying(PreviewError()), reload: {}
      ) {
        CountryColumn(countries: $0)
      }
      AsyncView(
        phase: LoadPhase<[String], any Error>.loaded([]), isEmpty: \.isEmpty, reload: {}
      ) {
        CountryColumn(countries: $0)
      }
    }
  }
}

/// An interactive preview: the buttons make the load succeed or fail.
struct InteractiveAsyncView_Previews: PreviewProvider {
  static var previews: some View {
    InteractivePhase()
  }
}

private struct InteractivePhase: View {
  @State private var phase: LoadPhase<[String], any Error> = .idle

  var body: some View {
    VStack {
      AsyncView(phase: phase, reload: { await start() }) { countries in
        CountryColumn(countries: countries)
      }
      HStack {
        Button("Succeed") { phase.succeed(previewCountries) }
        Button("Fail") { phase.fail(PreviewError()) }
        Button("Reload") { _ = phase.startLoading() }
      }
    }
  }

  private func start() async {
    _ = phase.startLoading()
  }
}

private struct CountryColumn: View {
  let countries: [String]

  var body: some View {
    VStack(alignment: .leading) {
      ForEach(countries, id: \.self) { country in
        Text(country)
      }
    }
  }
}
#endif
