export function LoginPage() {
  return <main>Sign In</main>;
}
