#!/usr/bin/env bash
# Fails when README.md does not link every page of the DocC catalogs (articles and tutorials) by
# the title a reader sees in the rendered documentation, as `[Title](path/to/Page.md)`, or links
# a page that is gone.
# A page's title is its first line: `# Title` for an article, ``` # ``Module`` ``` for a module's
# landing page (shown as the module's name). Documentation extension files (``` # ``Symbol`` ```
# in a file not named after the module) belong to their symbol's page and are not linked.
# `.ci/docs` runs it; run it from anywhere: `bash Scripts/check-readme-links.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
while IFS= read -r page; do
  title=$(head -n 1 "$page")
  title=${title#\# }
  if [[ $title =~ ^\`\`(.+)\`\`$ ]]; then
    module=${BASH_REMATCH[1]}
    [ "$(basename "$page" .md)" = "$module" ] || continue
    title=$module
  fi
  if ! grep -qF "[$title]($page)" README.md; then
    echo "error: README.md does not link $page by its title: [$title]($page)"
    status=1
  fi
done < <(find Sources -path '*.docc/*' -name '*.md' -not -path '*/Resources/*' | sort)

# Tutorials: a table of contents is titled by `@Tutorials(name:)`, a tutorial by the title of
# its `@Intro`.
while IFS= read -r page; do
  title=$(sed -n -E 's/^@Tutorials\(name: "([^"]*)"\).*/\1/p' "$page" | head -n 1)
  [ -n "$title" ] ||
    title=$(sed -n -E 's/^ *@Intro\(title: "([^"]*)"\).*/\1/p' "$page" | head -n 1)
  if [ -z "$title" ]; then
    echo "error: $page has neither @Tutorials(name:) nor @Intro(title:)"
    status=1
  elif ! grep -qF "[$title]($page)" README.md; then
    echo "error: README.md does not link $page by its title: [$title]($page)"
    status=1
  fi
done < <(find Sources -path '*.docc/*' -name '*.tutorial' | sort)

while IFS= read -r path; do
  if [ ! -f "$path" ]; then
    echo "error: README.md links $path, which does not exist"
    status=1
  fi
done < <(grep -oE '\]\(Sources/[^)]*\.docc/[^)]*\)' README.md | sed -E 's/^\]\((.*)\)$/\1/')

[ "$status" -ne 0 ] || echo "readme: every DocC page is linked by its title"
exit "$status"
