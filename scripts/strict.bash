# Sourced by OCRKit's scripts: stop at the first command that fails, and say which one and where,
# so that set-up never ends with a bare non-zero status.
set -Eeuo pipefail
trap 'status=$?; echo "${0##*/}: stopped (status $status) at line $LINENO, running: $BASH_COMMAND" >&2' ERR
