import { SignInForm } from "@/components/shell/sign-in-form";

export default function SignInPage() {
  return (
    <div className="signin panel">
      <h1>SpecPath Studio</h1>
      <p className="muted">Sign in with your studio account.</p>
      <SignInForm github={Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET)} />
    </div>
  );
}
