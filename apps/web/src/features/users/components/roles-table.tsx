import { can, PERMISSIONS, type Permission, type Role } from '@brewcommand/domain'
import { Check, Minus } from 'lucide-react'

/** Column order of the permission table: the least privileged role first. */
const COLUMNS: Role[] = ['Brewer', 'Manager', 'Admin']

/** Settings → Roles: the permission table the server enforces, read-only (docs/architecture.md "Roles"). */
export function RolesTable() {
  return (
    <section aria-labelledby="roles-heading" className="grid gap-4">
      <h2 id="roles-heading" className="text-xl font-semibold">
        Roles
      </h2>
      <p className="text-sm text-muted-foreground">
        What each role may do in your brewery. An Admin holds every right of a Manager, and a Manager every
        right of a Brewer. Admins change a member&apos;s role under Users.
      </p>
      {/* A phone scrolls the table sideways; the keyboard can scroll it too (WCAG 2.1.1). */}
      <div
        role="region"
        aria-label="Permissions of each role"
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border bg-card shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Permissions of each role</caption>
          <thead className="border-b bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Action
              </th>
              {COLUMNS.map((role) => (
                <th key={role} scope="col" className="px-4 py-3 text-center font-medium">
                  {role}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(Object.keys(PERMISSIONS) as Permission[]).map((permission) => (
              <tr key={permission} className="border-b last:border-b-0">
                <th scope="row" className="px-4 py-3 font-normal">
                  {PERMISSIONS[permission].label}
                </th>
                {COLUMNS.map((role) => (
                  <td key={role} className="px-4 py-3 text-center">
                    {can(role, permission) ? (
                      <>
                        <Check aria-hidden="true" className="mx-auto size-4 text-emerald-700" />
                        <span className="sr-only">Allowed</span>
                      </>
                    ) : (
                      <>
                        <Minus aria-hidden="true" className="mx-auto size-4 text-muted-foreground" />
                        <span className="sr-only">Not allowed</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
