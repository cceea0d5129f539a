// An e-mail address for narrow columns: it may wrap only before its '@'.
/**
 * An e-mail address that may wrap only before its '@' (a narrow column shows "logistics" over "@goldengrain.test"),
 * never inside the name or the domain; the text stays the address.
 */
export function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
