export function DashboardPage() {
  return <div>Dashboard</div>;
}
