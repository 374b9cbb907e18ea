// The input buffer of one virtual channel: a FIFO of flits, each with a saturating age that is
// cleared when the flit is written and counts the rising edges it has spent inside since. The
// router lets a head flit request the switch only once its age has reached MinAge, which models
// the pre-switch pipeline (route computation, VC and switch allocation), overlapped with waiting
// behind earlier packets.
module hx_vc_fifo #(
  /// Bits per entry (one flit).
  parameter int unsigned Width = 64,
  /// Entries.
  parameter int unsigned Depth = 16,
  /// Edges an entry must have spent inside before front_aged_o shows it; 0: at once.
  parameter int unsigned MinAge = 3,
  /// Bits of a read or write pointer (derived).
  localparam int unsigned PtrWidth = Depth > 1 ? $clog2(Depth) : 1,
  /// Bits of the fill level, 0 .. Depth (derived).
  localparam int unsigned CountWidth = $clog2(Depth + 1)
) (
  /// Clock.
  input  logic             clk_i,
  /// Asynchronous reset, active low: the FIFO is empty; writes are ignored while it is low.
  input  logic             rst_ni,
  /// Write push_data_i at the next rising edge.
  input  logic             push_i,
  /// The entry to write.
  input  logic [Width-1:0] push_data_i,
  /// Remove the front entry at the next rising edge; only while the FIFO is not empty.
  input  logic             pop_i,
  /// No entry is stored.
  output logic             empty_o,
  /// The front (oldest) entry; meaningful while empty_o is low.
  output logic [Width-1:0] front_o,
  /// The front entry has spent at least MinAge rising edges inside.
  output logic             front_aged_o
);

  logic [Width-1:0]      mem_q [Depth];
  logic [PtrWidth-1:0]   wr_ptr_d, wr_ptr_q, rd_ptr_d, rd_ptr_q;
  logic [CountWidth-1:0] count_d, count_q;

  function automatic logic [PtrWidth-1:0] next_ptr(logic [PtrWidth-1:0] ptr);
    return (ptr == PtrWidth'(Depth - 1)) ? '0 : ptr + PtrWidth'(1);
  endfunction

  assign empty_o = (count_q == '0);
  assign front_o = mem_q[rd_ptr_q];

  always_comb begin
    wr_ptr_d = push_i ? next_ptr(wr_ptr_q) : wr_ptr_q;
    rd_ptr_d = pop_i ? next_ptr(rd_ptr_q) : rd_ptr_q;
    count_d  = count_q + CountWidth'(push_i) - CountWidth'(pop_i);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      wr_ptr_q <= wr_ptr_d;
      rd_ptr_q <= rd_ptr_d;
      count_q  <= count_d;
    end
  end

  // Storage: a memory, not reset.
  always_ff @(posedge clk_i) begin
    if (push_i) begin
      mem_q[wr_ptr_q] <= push_data_i;
    end
  end

  if (MinAge == 0) begin : gen_no_age
    assign front_aged_o = 1'b1;
  end else begin : gen_age
    localparam int unsigned AgeWidth = $clog2(MinAge + 1);
    localparam logic [AgeWidth-1:0] MaxAge = AgeWidth'(MinAge);

    logic [AgeWidth-1:0] age_q [Depth];

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        for (int i = 0; i < Depth; i++) begin
          age_q[i] <= '0;
        end
      end else begin
        for (int i = 0; i < Depth; i++) begin
          if (push_i && wr_ptr_q == PtrWidth'(i)) begin
            age_q[i] <= '0;
          end else if (age_q[i] != MaxAge) begin
            age_q[i] <= age_q[i] + AgeWidth'(1);
          end
        end
      end
    end

    assign front_aged_o = (age_q[rd_ptr_q] == MaxAge);
  end

`ifndef SYNTHESIS
  // The sender counts credits, so the buffer never overflows; the router pops only what is there.
  // Both hold in reset too (the FIFO is empty and nothing pops), so rst_ni stays out of them.
  assert property (@(posedge clk_i) !(push_i && !pop_i && count_q == CountWidth'(Depth)))
    else $error("%m: write into a full VC buffer: the sender ignored credits");
  assert property (@(posedge clk_i) !(pop_i && count_q == '0))
    else $error("%m: pop from an empty VC buffer");
`endif

endmodule
