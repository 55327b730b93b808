// The persisted cache needs GRDB.swift, which this package resolves and links only under its
// trait "Persistence" (off by default, so that an app that does not persist resolves nothing).
// Every other file of this module sits inside `#if Persistence`: without the trait, this one
// message is the whole build error.
#if !Persistence
#error(
  """
  AsyncContentPersistence needs the package trait "Persistence". Enable it on the dependency: \
  .package(url: "https://github.com/asynccontent/AsyncContent", from: "1.0.0", \
  traits: ["Persistence"]), or in Xcode's package settings (Xcode 26.4 or later); in this \
  repository, build with --enable-all-traits.
  """
)
#endif
