// LINT-EXPECT-PASS
// The fixed shapes: the stack in the sheet, the timeline around one text, the button in DEBUG.
import AsyncContent
import SwiftUI

struct Inspector: View {
  let names: [String]
  let measuredAt: Date

  var body: some View {
    List {
      ForEach(names, id: \.self) { name in
        Section {
          TimelineView(.periodic(from: .now, by: 1)) { context in
            Text(verbatim: "\(Int(context.date.timeIntervalSince(measuredAt))) s")
          }
        } header: {
          Text(verbatim: name)
        }
      }
    }
  }
}

struct Presenter: ViewModifier {
  let isPresented: Binding<Bool>

  func body(content: Content) -> some View {
    content.sheet(isPresented: isPresented) {
      NavigationStack { Inspector(names: [], measuredAt: .now) }
    }
  }
}

struct Home: View {
  @State private var showsStore = false

  var body: some View {
    List {
      #if DEBUG
      Button("Loader store") { showsStore = true }
      #endif
    }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
