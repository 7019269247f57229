/** The file name a Content-Disposition header gives (`attachment; filename="x.json"`), or null. */
export function fileNameOf(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  const name = match?.[1]?.trim() ?? '';
  // A name only: never a path.
  return name && !/[/\\]/.test(name) ? name : null;
}

/** Hands a file to the browser's downloads, as a link with `download` does. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
