#!/usr/bin/env python3
"""The app as the reader has it after each step of the DocC tutorials, for type-checking.

usage: python3 Scripts/tutorial-code-states.py <catalog> <core tests folder>

Reads the catalog's `.tutorial` files that have steps (a table of contents has none), in file
name order, and the `@Code(name:file:)` of their steps in order. A step's code file is a
complete snapshot of the file it names, so the app after a step is the newest snapshot of every
name shown so far in that tutorial. Prints one line per step that shows code and changes the
app: the catalog paths of the app's Swift files, separated by spaces. `.ci/swiftui-typecheck`
type-checks each line as one module.

The app builds after every step, except after a step whose text says "The app builds again
after the next step." (a step that changes one side of an interface, the next step the other):
that state is not printed, and the next step's is.

Fails, naming what is wrong, when a `@Code` names a file the catalog lacks, when two files of
the catalog share a name (DocC finds resources by name), when a Swift file under the catalog's
Resources/Tutorial is shown by no step or is in no printed state, or when the last snapshot of a
file without SwiftUI (the app's model and service, which build on every platform) is not linked
into the core tests folder, or an earlier one is. That test target compiles and runs those
files on Linux, one snapshot per file name: the app's final model and service. The earlier
snapshots are type-checked in the states above, as every snapshot is.
"""
import os
import re
import sys

CODE = re.compile(r'@Code\(\s*name:\s*"([^"]+)"\s*,\s*file:\s*"?([^",)\s]+)"?')
STEPS = re.compile(r"@Steps\b")
STEP = re.compile(r"@Step\s*\{")
INCOMPLETE = "The app builds again after the next step."


def steps(text):
    """The text of every `@Step { … }` block, in order."""
    for match in STEP.finditer(text):
        depth = 0
        for index in range(match.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            if depth == 0:
                yield text[match.end():index]
                break


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    catalog, core_tests = argv[1], argv[2]
    problems = []

    files = {}
    for folder, _, names in os.walk(catalog):
        for name in names:
            path = os.path.join(folder, name)
            if name in files:
                problems.append(f"{path}: the catalog has another file named {name} "
                                f"({files[name]}); DocC finds resources by name")
            files[name] = path

    shown = set()
    checked = set()
    lines = []
    tutorials = sorted(path for name, path in files.items()
                       if name.endswith(".tutorial") and STEPS.search(open(path).read()))
    for tutorial in tutorials:
        app = {}
        pending = False
        for step in steps(open(tutorial, encoding="utf-8").read()):
            incomplete = INCOMPLETE in " ".join(step.split())
            for match in CODE.finditer(step):
                name, snapshot = match.groups()
                if snapshot not in files:
                    problems.append(f"{tutorial}: @Code names {snapshot}, which the catalog lacks")
                    continue
                shown.add(snapshot)
                if app.get(name) != files[snapshot]:
                    app[name] = files[snapshot]
                    pending = True
            if pending and not incomplete:
                state = [path for path in app.values() if path.endswith(".swift")]
                lines.append(" ".join(state))
                checked.update(os.path.basename(path) for path in state)
                pending = False

    tutorial_code = os.path.join(catalog, "Resources", "Tutorial")
    linked = {os.path.realpath(os.path.join(core_tests, name)): name
              for name in os.listdir(core_tests)} if os.path.isdir(core_tests) else {}
    snapshots = {}  # the snapshots of each file without SwiftUI, in step order
    for name, path in sorted(files.items()):
        if not name.endswith(".swift") or not path.startswith(tutorial_code + os.sep):
            continue
        if name not in shown:
            problems.append(f"{path}: no step of a tutorial shows it")
        elif name not in checked:
            problems.append(f"{path}: no step leaves the app complete while it is in the app, "
                            "so it is never type-checked")
        if re.search(r"^import SwiftUI$", open(path, encoding="utf-8").read(), re.M):
            continue
        match = re.match(r"(.*)-(\d+)\.swift$", name)
        base, number = (match.group(1) + ".swift", int(match.group(2))) if match else (name, 0)
        snapshots.setdefault(base, []).append((number, path))
    for base, paths in sorted(snapshots.items()):
        paths.sort()
        *earlier, (_, last) = paths
        if os.path.realpath(last) not in linked:
            problems.append(f"{last} is the last snapshot of {base}, which has no SwiftUI, so "
                            f"{core_tests} must compile and run it: link it there (ln -s) as "
                            f"{base}")
        for _, path in earlier:
            if os.path.realpath(path) in linked:
                problems.append(f"{path} is linked into {core_tests}, but a later snapshot of "
                                f"{base} is the one that target compiles")

    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
