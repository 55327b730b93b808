#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// Renames a country to its local name, or back. It observes the country's key, as the detail
/// screen does: one entry in the store, so the rename's optimistic edit shows on both screens
/// at once, and its rollback or the service's answer too.
///
/// With "Work offline" on, the rename still shows at once, and waits: the mutation is paused,
/// and its run is kept in the persisted cache's database. Back online, it is sent; if the app
/// is quit first, the next launch shows it again and sends it (`resumeQueuedMutations`).
struct RenameScreen: View {
  let country: Country
  let model: CountriesModel

  var body: some View {
    AsyncView(key: CountryDetailKey(id: country.id)) { detail in
      List {
        Section("Shown now") {
          CountryRow(country: detail.country)
        }
        Section {
          let name =
            detail.country.name == country.localName ? country.englishName : country.localName
          MutationButton(model.rename, input: Rename(id: country.id, name: name)) {
            Label("Rename to \(name)", systemImage: "pencil")
          }
          if model.rename.isPaused {
            Label("Waiting for the network", systemImage: "wifi.slash")
          }
          if case .failed(let error) = model.rename.phase {
            Text("The rename failed: \(error.localizedDescription)")
          }
        }
      }
    }
    .navigationTitle("Rename")
  }

}
#endif
