/** SPEC §2: `/debug` is a plain page; the debug tools are not part of this environment. */
export function DebugPage() {
  return (
    <p className="p-6">
      404 - Page Not Found. This page is not available in the current environment.
    </p>
  );
}
