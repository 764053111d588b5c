/**
 * What the auth feature asks of other features, declared here so that it imports none of them;
 * app.ts hands in the notifications feature's repository and the mail feature's transport.
 */

/** Leaves a signed-in user a notification (welcome, profile or password changed). */
export interface UserNotifier {
  add(userId: string, message: string): Promise<void>;
}

/** Sends a plain-text mail (the password reset code and its confirmation). */
export interface MailSender {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}
