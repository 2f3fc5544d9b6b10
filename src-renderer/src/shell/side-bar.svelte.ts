// Whether the side bar shows the views' names or only their keys (a narrow rail), remembered for
// presenter mode and for the desk separately: a room wants the width for the canvas, a desk the
// names. Presenter mode starts with the rail.
const KEY = 'apiscope.side-bar'

interface Saved {
  desk: boolean
  presenter: boolean
}

function load(): Saved {
  const fallback: Saved = { desk: false, presenter: true }
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Saved>) }
  } catch {
    return fallback
  }
}

export class SideBarState {
  #collapsed = $state<Saved>(load())

  collapsed(presenter: boolean): boolean {
    return presenter ? this.#collapsed.presenter : this.#collapsed.desk
  }

  toggle(presenter: boolean): void {
    const key = presenter ? 'presenter' : 'desk'
    this.#collapsed = { ...this.#collapsed, [key]: !this.#collapsed[key] }
    try {
      localStorage.setItem(KEY, JSON.stringify(this.#collapsed))
    } catch {
      // Storage refused (a private window): the choice lasts for this page.
    }
  }
}
