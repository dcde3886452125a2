/** What editors see in draft mode in place of a block that cannot be shown; visitors see nothing. */
export function BlockNotice({ component, uid, reason }: { component: string; uid: string; reason: string }) {
  return (
    <div className="block-notice" role="note">
      <strong>Block “{component}” cannot be shown</strong> ({reason}). Visitors do not see this notice. Block
      uid: <code>{uid}</code>
    </div>
  );
}
