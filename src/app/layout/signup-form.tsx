/**
 * The newsletter sign-up form of the footer and the article sidebar, in its own chunk: both sit
 * below the fold, so they hydrate lazily (./signup-island.ts) and the form's code (the widget, the
 * sign-up service) is not in the entry every page loads first.
 */
import { EmailCapture, type EmailCaptureProps } from '../../widgets/email-capture/index.tsx';
import { useSignup } from '../../services/sign-up.ts';
import type { SignupSource } from '../../shared/sign-up.ts';

export type SignupFormProps = Omit<EmailCaptureProps, 'onSubmit'> & { source: SignupSource };

/** The email-capture widget posting to the sign-up function with its source. */
export function SignupForm({ source, ...props }: SignupFormProps) {
  const onSubmit = useSignup(source);
  return <EmailCapture {...props} onSubmit={onSubmit} />;
}
