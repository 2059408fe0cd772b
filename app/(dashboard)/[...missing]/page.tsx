import { notFound } from "next/navigation";

// Any address no dashboard page answers: the 404 page inside the dashboard's frame.
export default function MissingPage() {
  notFound();
}
