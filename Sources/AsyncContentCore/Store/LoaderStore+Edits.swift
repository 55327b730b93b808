extension LoaderStore {
  /// Shows `value` as the value of `key`, dated now, for every view of the key.
  ///
  /// A running load of the key is cancelled, so its older response cannot overwrite the edit.
  /// Inside a ``Mutation``'s optimistic update, the edit is rolled back if the mutation fails.
  ///
  /// ```swift
  /// store.setValue(renamed, for: CountryKey(code: renamed.code))
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key; its entry is created if the store has none.
  public func setValue<Key: LoaderKey>(_ value: Key.Value, for key: Key) {
    let entry = entry(for: key)
    edit(entry, of: loader(of: entry, as: Key.self), to: value)
  }

  /// Shows `items` as the items of the paged `key`, dated now, for every view of the key, as
  /// ``setValue(_:for:)`` does for a value. The cursors stay; keep the number of items when the
  /// key sets ``PagedLoaderKey/maxPages``.
  ///
  /// - Parameters:
  ///   - items: The new items.
  ///   - key: The key; its entry is created if the store has none.
  public func setItems<Key: PagedLoaderKey>(
    _ items: PagedLoader<Key.Item, Key.Cursor>.Items, for key: Key
  ) {
    let entry = entry(for: key)
    edit(entry, of: pagedLoader(of: entry, as: Key.self), to: items)
  }

  /// Changes the items the store holds for the paged `key` in place, as ``setItems(_:for:)``
  /// does, if there are items.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - update: Changes the items.
  /// - Returns: Whether there were items to change.
  @discardableResult
  public func updateItems<Key: PagedLoaderKey>(
    for key: Key, _ update: (inout PagedLoader<Key.Item, Key.Cursor>.Items) -> Void
  ) -> Bool {
    guard var items = items(for: key) else { return false }
    update(&items)
    setItems(items, for: key)
    return true
  }

  /// Changes the value the store holds for `key` in place, as ``setValue(_:for:)`` does, if
  /// there is a value.
  ///
  /// ```swift
  /// store.updateValue(for: CountriesKey()) { countries in
  ///   countries[id: country.id]?.name = name
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - update: Changes the value.
  /// - Returns: Whether there was a value to change.
  @discardableResult
  public func updateValue<Key: LoaderKey>(
    for key: Key, _ update: (inout Key.Value) -> Void
  ) -> Bool {
    guard var value = value(for: key) else { return false }
    update(&value)
    setValue(value, for: key)
    return true
  }

  /// Edits the value of `entry`'s `loader`; the journal records the edit while a mutation applies
  /// its optimistic update.
  private func edit<Loader: StoreLoader>(
    _ entry: StoreEntry, of loader: Loader, to value: Loader.Phase.Value
  ) {
    // Whether the edits on record still describe the value: no value landed since the newest.
    let editsAreCurrent = loader.isValueEdited
    let previous = loader.edit(to: value, optimistic: journal.isRecording)
    guard journal.isRecording else {
      journal.drop(entry)  // a plain write is a new value, which no rollback undoes
      return
    }
    if !editsAreCurrent { journal.drop(entry) }
    journal.record(in: entry) { loader.restore(previous) }
    loader.isValueEdited = true
  }
}
