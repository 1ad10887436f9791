/** Crews and tasks counted from their spans as they start and end (the instruments have no counter for them). */
export class SpanCounts {
  crewExecutions = 0;
  taskExecutions = 0;
  activeCrews = 0;
  activeTasks = 0;

  crewEnded(): void {
    this.activeCrews = Math.max(0, this.activeCrews - 1);
    this.crewExecutions++;
  }

  taskEnded(): void {
    this.activeTasks = Math.max(0, this.activeTasks - 1);
    this.taskExecutions++;
  }
}
