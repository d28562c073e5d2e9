// Every message a visitor can see from the forms, word for word as spec §5 and §8 write them.
export const MESSAGES = {
  required: "This field is required",
  invalidEmail: "Enter a valid email address",
  captcha: "Please verify reCAPTCHA",
  // beside the spec's messages: when the captcha cannot load, the words either side of the mailbox to write to
  captchaUnavailable: [
    "The spam check could not load, so this form cannot be sent right now. Please write to",
    "instead.",
  ],
  newsletterEmpty: "Enter your mail id",
  newsletterInvalid: "Invalid email address",
  nameRequired: "Name is required.",
  emailRequired: "Email is required.",
  commentRequired: "Comment is required.",
  leadError: "Error while sending message",
  leadAlert: "Some thing went wrong",
  commentError: "Failed to post comment. Please try again.",
  commentFallback: "Something went wrong.",
  contactSuccess: "Your message is sent. We'll get back to you at the earliest.",
  commentSuccess: "Comment posted successfully!",
  // beside the spec's message: comments are moderated before readers see them
  commentModeration: "It will appear here once a moderator approves it.",
  // beside the spec's messages: the job application (issue 36)
  invalidLink: "Enter a web address starting with https://",
  applicationError: "Your application could not be sent. Please try again shortly.",
} as const;
