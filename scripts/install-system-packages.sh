#!/usr/bin/env bash
# Installs the Debian packages the tests need and this machine lacks:
# Chromium for the browser suite (with Noto's CJK fonts, so the Japanese
# pages render as phones show them), PostgreSQL for the store's tests,
# dovecot's IMAP server for the bounce mailbox's tests, SpamAssassin to score
# every kind of mail the server writes.
# `.ci/run` runs it on a fresh machine; the test suites run it (as root)
# when they find a package missing, so `npm test` works from a clean clone.
# Usage: scripts/install-system-packages.sh [chromium] [postgresql] [dovecot] [spamassassin]   (default: all four)
set -euo pipefail

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(chromium postgresql dovecot spamassassin)

need=()
for package in "${wanted[@]}"; do
  case "$package" in
    chromium)
      command -v chromium >/dev/null 2>&1 || need+=(chromium)
      fc-list :lang=ja 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
      ;;
    postgresql) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql) ;;
    dovecot) [ -x /usr/sbin/dovecot ] || need+=(dovecot-imapd) ;;
    spamassassin) command -v spamassassin >/dev/null 2>&1 || need+=(spamassassin) ;;
    *) echo "install-system-packages: unknown package $package" >&2; exit 2 ;;
  esac
done
[ ${#need[@]} -gt 0 ] || exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need ${need[*]}: install with \`apt-get install ${need[*]}\` as root." >&2
  exit 1
fi
echo "Installing Debian's ${need[*]} (apt-get install)…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
