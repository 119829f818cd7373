import { Provider, ServiceCategories, StaffMembers } from "booking-widget/contract";
import * as v from "valibot";

/** What the builder offers to pre-select: the booking page's provider, services and staff, from the API. */
export interface ProviderLists {
  provider: Provider;
  services: { id: number; title: string; category: string }[];
  staff: { id: number; name: string }[];
}

async function read<S extends v.GenericSchema>(schema: S, path: string, init?: RequestInit): Promise<v.InferOutput<S>> {
  const response = await fetch(`/api/${path}`, init);
  if (!response.ok) throw new Error(response.status === 404 ? "not-found" : `HTTP ${response.status}`);
  return v.parse(schema, await response.json());
}

/**
 * Reads the booking page's lists. Staff are those who offer at least one of the services
 * (asked per service: the API answers who offers every service of one booking).
 */
export async function readProviderLists(bookingLink: string): Promise<ProviderLists> {
  const provider = await read(Provider, `User/ByUser/${encodeURIComponent(bookingLink)}`);
  const categories = await read(ServiceCategories, `Service/asAnonymous?userId=${provider.userId}`);
  const services = categories.flatMap((category) =>
    category.services.map((service) => ({ id: service.id, title: service.title, category: category.title ?? "" })),
  );
  const staff = new Map<number, string>();
  if (provider.customerCanSelectStaff) {
    const answers = await Promise.all(
      services.map((service) =>
        read(StaffMembers, `StaffMember/asAnonymous/${provider.userId}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ serviceBookings: [{ serviceId: service.id, extraServiceIds: [] }] }),
        }).catch(() => []),
      ),
    );
    for (const member of answers.flat()) staff.set(member.id, member.fullName);
  }
  return { provider, services, staff: [...staff].map(([id, name]) => ({ id, name })) };
}
